import { PLAYBACK_RATES } from '@shared/constants';
import { SHELL_TEXT } from '@shared/messages/shell';
import { SegmentedChoice } from '../ui/toggle-group';
import { rateLabel } from './speed-pill';

interface SpeedSelectorProps {
  rate: number;
  onChange: (rate: number) => void;
  className?: string;
}

/** All four speeds side by side (track page, L-2.6-16). */
export function SpeedSelector({ rate, onChange, className }: SpeedSelectorProps) {
  return (
    <SegmentedChoice<number>
      label={SHELL_TEXT.speedSelector.ariaLabel}
      options={PLAYBACK_RATES}
      value={rate}
      onChange={onChange}
      optionLabel={rateLabel}
      optionAriaLabel={SHELL_TEXT.speedSelector.ariaLabel2}
      className={className}
    />
  );
}
