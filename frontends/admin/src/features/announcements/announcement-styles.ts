// Each announcement type's colours and label (spec 2.12: the list is colour-coded by type, with an icon).
import type { TAnnouncementType } from '@civic/contracts/admin/messages';
import { AlertCircle, AlertTriangle, CheckCircle, Info, type LucideIcon } from 'lucide-react';

export const TYPE_LABELS: Record<TAnnouncementType, string> = { info: 'Info', success: 'Success', warning: 'Warning', critical: 'Critical' };

export const TYPE_STYLES: Record<TAnnouncementType, { box: string; icon: LucideIcon; iconClass: string }> = {
  info: { box: 'border-blue-200 bg-blue-50', icon: Info, iconClass: 'text-blue-700' },
  success: { box: 'border-green-200 bg-green-50', icon: CheckCircle, iconClass: 'text-green-700' },
  warning: { box: 'border-amber-200 bg-amber-50', icon: AlertTriangle, iconClass: 'text-amber-700' },
  critical: { box: 'border-red-200 bg-red-50', icon: AlertCircle, iconClass: 'text-red-700' },
};
