// Which admin screen a path shows (spec 2.1): the shell sends every /admin path of its route table here.
export type AdminScreen = 'dashboard' | 'users' | 'moderation' | 'settings' | 'audit-logs' | 'announcements';

const SCREENS: Record<string, AdminScreen> = {
  '/admin': 'dashboard',
  '/admin/users': 'users',
  '/admin/moderation': 'moderation',
  '/admin/settings': 'settings',
  '/admin/audit-logs': 'audit-logs',
  '/admin/announcements': 'announcements',
};

export const adminScreenOf = (pathname: string): AdminScreen => SCREENS[pathname.replace(/\/$/, '') || '/admin'] ?? 'dashboard';
