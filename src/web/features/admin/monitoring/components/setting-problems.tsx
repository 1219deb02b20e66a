import { ADMIN_MONITORING_TEXT } from '@shared/messages/admin-monitoring';
import type { Health } from '@shared/schemas/health';
import { TriangleAlert } from 'lucide-react';

const P = ADMIN_MONITORING_TEXT.page;

/** Provider settings /health reports wrong (e.g. GEMINI_MODEL naming a model that no longer exists); nothing when none. */
export function SettingProblems({ health }: { health: Health | undefined }) {
  const problems = health?.problems ?? [];
  if (!problems.length) return null;
  return (
    <section role="alert" className="rounded-3xl border border-danger bg-danger-soft p-4" data-testid="setting-problems">
      <h3 className="flex items-center gap-2 font-bold">
        <TriangleAlert aria-hidden="true" className="size-5 text-danger" />
        {P.problemsTitle}
      </h3>
      <ul className="mt-2 space-y-2 text-sm">
        {problems.map((p) => (
          <li key={p.setting} data-testid={`setting-problem-${p.setting}`}>
            <span className="font-mono font-semibold">{p.setting}</span>：{p.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
