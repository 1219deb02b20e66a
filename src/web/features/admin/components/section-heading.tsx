/** A console section's heading and the line under it; `id` is what the section's aria-labelledby names. */
export function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
  return (
    <div>
      <h2 id={id} className="font-bold text-lg">
        {title}
      </h2>
      <p className="text-muted text-sm">{lead}</p>
    </div>
  );
}
