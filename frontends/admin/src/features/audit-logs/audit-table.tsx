// The audit entries (spec 2.12): Date & Time, Admin (admin id), Action badge, Target (type badge plus
// ID), Details as expandable JSON. On a phone the table scrolls sideways inside its card.
import type { TAuditLog } from '@civic/contracts/admin/http';
import { actionLabel } from './audit-summary.ts';

export function AuditTable({ logs, caption }: { logs: readonly TAuditLog[]; caption: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Date &amp; Time
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Admin
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Action
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Target
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log) => (
            <tr key={log.id} className="border-b border-slate-100 align-top">
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{new Date(log.createdAt).toLocaleString('en-US')}</td>
              <td className="px-3 py-2 font-mono text-xs break-all text-slate-700">{log.adminId ?? 'erased'}</td>
              <td className="px-3 py-2">
                <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-primary">{actionLabel(log.action)}</span>
              </td>
              <td className="px-3 py-2">
                <span className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700">{log.targetType}</span>
                <span className="mt-1 block font-mono text-xs break-all text-slate-600">{log.targetId ?? ''}</span>
              </td>
              <td className="px-3 py-2">
                <details>
                  <summary className="cursor-pointer text-primary">View details</summary>
                  <pre className="mt-1 max-w-xs overflow-x-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-800">
                    {JSON.stringify(log.details, null, 2)}
                  </pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
