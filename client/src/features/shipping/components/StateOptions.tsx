import { US_STATES } from '@domain/shipping/states';

/** A state select's options: "Choose…" (no state yet), then the 52 places by name, valued by their USPS codes. */
export function StateOptions() {
  return (
    <>
      <option value="">Choose…</option>
      {US_STATES.map((s) => (
        <option key={s.code} value={s.code}>
          {s.name}
        </option>
      ))}
    </>
  );
}
