export function TeamLogo({ src, name }: { src?: string | null; name: string }) {
  if (src) return <img className="team__logo" src={src} alt="" loading="lazy" width={20} height={20} />;
  return (
    <span className="team__logo team__logo--placeholder" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
