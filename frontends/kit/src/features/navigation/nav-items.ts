// Spec 2.2: the top navigation links. /issues is the Issues page (issue 38; spec 2.2's note said it had no route).
export interface NavItem {
  href: string;
  label: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/issues', label: 'Issues' },
  { href: '/priorities', label: 'Priorities' },
  { href: '/briefing-room', label: 'Briefing Room' },
  { href: '/network', label: 'Network' },
];

export function isActivePath(currentPath: string, href: string): boolean {
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
