import { ADMIN_SPEAKING_RATES, type AdminSpeakingRate, speakingRateLabel } from '@shared/rules/admin-themes';
import { cn } from '@web/lib/cn';

/** The operators' speaking-rate choice (0.5, 0.75, 1.0, 1.25, 1.5), shared by AI生成 and the theme library. */
export function SpeakingRateSelect({
  value,
  onChange,
  disabled,
  testId,
  className,
}: {
  value: AdminSpeakingRate;
  onChange: (rate: AdminSpeakingRate) => void;
  disabled: boolean;
  testId: string;
  className?: string;
}) {
  return (
    <select
      value={value}
      onChange={(e) => onChange(Number(e.target.value) as AdminSpeakingRate)}
      disabled={disabled}
      data-testid={testId}
      className={cn('min-h-11 rounded-xl border border-border bg-bg tabular-nums', className)}
    >
      {ADMIN_SPEAKING_RATES.map((r) => (
        <option key={r} value={r}>
          {speakingRateLabel(r)}
        </option>
      ))}
    </select>
  );
}
