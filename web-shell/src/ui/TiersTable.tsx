/** An accumulator bonus by number of legs ("3+ · +5%"), as the player's offer and the admin's preview show it. */
export function TiersTable({
  tiers,
  className,
}: {
  tiers: Array<{ legs: number; percent: number }>;
  className: string;
}) {
  return (
    <table className={className}>
      <caption className="visually-hidden">Bonus by number of legs</caption>
      <thead>
        <tr>
          <th scope="col">Legs</th>
          <th scope="col">Bonus</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((t) => (
          <tr key={t.legs}>
            <td>{t.legs}+</td>
            <td>+{t.percent}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
