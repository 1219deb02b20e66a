import { CREATION_TEXT } from '@shared/messages/creation';
import { SCRIPT_FORMATS, SCRIPT_LENGTHS, type ScriptFormat, type ScriptLength, type ScriptShape } from '@shared/rules/creation';
import { RadioCards } from '@web/components/ui/radio-cards';
import { SegmentedChoice } from '@web/components/ui/toggle-group';
import { MessagesSquare, Mic, Newspaper, Swords, User } from 'lucide-react';

const ICONS = { dialogue: MessagesSquare, interview: Mic, debate: Swords, news: Newspaper, monologue: User } as const;
const FORMAT_OPTIONS = SCRIPT_FORMATS.map((value) => ({ value, icon: ICONS[value], ...CREATION_TEXT.input.formats[value] }));

/**
 * The show's shape (issue 39.2): its format as cards (対談, インタビュー, 討論, ニュース, ひとり語り) and
 * its length (標準, ショート). The create page and the console's generation form both offer it.
 */
export function ShapeChoice({ value, onChange }: { value: ScriptShape; onChange: (shape: ScriptShape) => void }) {
  const { formatLabel, lengthLabel, lengths } = CREATION_TEXT.input;
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">{formatLabel}</legend>
        <RadioCards<ScriptFormat>
          label={formatLabel}
          options={FORMAT_OPTIONS}
          value={value.format}
          onChange={(format) => onChange({ ...value, format })}
          className="sm:grid-cols-3"
        />
      </fieldset>
      <fieldset className="flex flex-wrap items-center justify-between gap-2">
        <legend className="sr-only">{lengthLabel}</legend>
        <span aria-hidden="true" className="font-medium">
          {lengthLabel}
        </span>
        <SegmentedChoice<ScriptLength>
          label={lengthLabel}
          options={SCRIPT_LENGTHS}
          value={value.length}
          onChange={(length) => onChange({ ...value, length })}
          optionLabel={(l) => lengths[l]}
          className="[&>button]:px-3"
        />
      </fieldset>
    </div>
  );
}
