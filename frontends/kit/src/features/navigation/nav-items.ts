// Spec 2.2: the top navigation links. /issues is linked although no route serves it (it shows 404).
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
