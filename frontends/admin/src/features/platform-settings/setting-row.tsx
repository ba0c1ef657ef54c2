// One platform setting (spec 2.12): title-cased key, description, "Modified" when edited, "Last
// updated" when known; Enabled/Disabled toggle buttons for booleans, else a number or text input.
import type { TPlatformSetting } from '@civic/contracts/admin/http';
import { Button, cn, Input, Label } from '@civic/frontend-kit';
import { isBooleanValue, isNumericValue, settingLabel } from './pending-changes.ts';

export function SettingRow({ setting, value, onChange }: { setting: TPlatformSetting; value: string; onChange: (value: string) => void }) {
  const id = `setting-${setting.key}`;
  const label = settingLabel(setting.key);
  const modified = value !== setting.value;
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={isBooleanValue(setting.value) ? undefined : id} id={`${id}-label`} className="font-medium text-slate-900">
            {label}
          </Label>
          {modified && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Modified</span>}
        </div>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {setting.description}
        </p>
        {setting.updatedAt && <p className="text-xs text-slate-500">Last updated: {new Date(setting.updatedAt).toLocaleString('en-US')}</p>}
      </div>
      {isBooleanValue(setting.value) ? (
        <div role="group" aria-labelledby={`${id}-label`} className="flex gap-2">
          {(['true', 'false'] as const).map((option) => (
            <Button key={option} size="sm" variant={value === option ? 'primary' : 'outline'} aria-pressed={value === option} onClick={() => onChange(option)}>
              {option === 'true' ? 'Enabled' : 'Disabled'}
            </Button>
          ))}
        </div>
      ) : (
        <Input
          id={id}
          type={isNumericValue(setting.value) ? 'number' : 'text'}
          min={isNumericValue(setting.value) ? 0 : undefined}
          inputMode={isNumericValue(setting.value) ? 'numeric' : undefined}
          aria-describedby={`${id}-description`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn('w-full sm:w-40', modified && 'border-amber-500')}
        />
      )}
    </div>
  );
}
