/** LINE's mark, a white speech bubble on its green; lucide has no brand icons. */
export function LineLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <rect width="24" height="24" rx="5.5" fill="#06C755" />
      <path
        d="M12 4.6c-4.6 0-8.3 3-8.3 6.7 0 3.3 2.9 6.1 6.9 6.6.3.1.6.2.7.4.1.2.1.5 0 .7l-.1.7c0 .2-.2.8.7.4.9-.4 4.8-2.8 6.5-4.8 1.2-1.3 1.8-2.6 1.8-4 0-3.7-3.7-6.7-8.2-6.7z"
        fill="#fff"
      />
      <path
        d="M7.3 9.6v3.6h2.1M10.5 9.6v3.6M12.1 13.2V9.6l2.3 3.6V9.6M17.2 9.6h-1.9v3.6h1.9M15.3 11.4h1.8"
        fill="none"
        stroke="#06C755"
        strokeWidth="0.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
