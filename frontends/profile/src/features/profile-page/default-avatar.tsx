// The avatar, or a bundled silhouette (inline SVG, no external image) when the user has none.
export function ProfileAvatar({ url, name }: { url: string | null; name: string }) {
  if (url) {
    return <img src={url} alt={`${name}'s avatar`} className="size-28 rounded-full border-4 border-white object-cover shadow" />;
  }
  return (
    <svg role="img" aria-label={`${name}'s avatar`} viewBox="0 0 96 96" className="size-28 rounded-full border-4 border-white bg-slate-200 shadow">
      <circle cx="48" cy="36" r="18" fill="#94a3b8" />
      <path d="M14 88c4-20 18-30 34-30s30 10 34 30z" fill="#94a3b8" />
    </svg>
  );
}
