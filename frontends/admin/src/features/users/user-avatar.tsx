// The User column's avatar (spec 2.12): the profile image, or a bundled silhouette when there is none
// or it fails to load (no external fallback image: the page's CSP allows only its own and data: images).
import { useState } from 'react';

export function UserAvatar({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  // Decorative: the name beside it says who it is.
  if (url && !failed) return <img src={url} alt="" className="size-10 shrink-0 rounded-full object-cover" onError={() => setFailed(true)} />;
  return (
    <svg aria-hidden="true" viewBox="0 0 96 96" className="size-10 shrink-0 rounded-full bg-slate-200" data-avatar-fallback>
      <circle cx="48" cy="36" r="18" fill="#94a3b8" />
      <path d="M14 88c4-20 18-30 34-30s30 10 34 30z" fill="#94a3b8" />
    </svg>
  );
}
