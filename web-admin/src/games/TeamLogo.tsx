export function TeamLogo({ src, name }: { src?: string | null; name: string }) {
  return src ? (
    <img className="team-logo" src={src} alt="" width={36} height={36} loading="lazy" />
  ) : (
    <span className="team-logo team-logo--placeholder" aria-hidden="true">
      {name.slice(0, 2).toUpperCase()}
    </span>
  );
}
