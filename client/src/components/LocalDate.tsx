import { useHydrated } from '@/lib/server-render';

type DateStyle = 'long' | 'medium';

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(dateStyle: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${dateStyle} ${timeZone ?? 'local'}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * A day in a <time> element, in the reader's time zone: "March 5, 2026" (long) or "Mar 5, 2026" (medium). The
 * server knows no time zone, so a server-rendered page shows the UTC day until the browser takes over.
 */
export function LocalDate({ value, dateStyle = 'long' }: { value: string; dateStyle?: DateStyle }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={value}>
      {dateFormat(dateStyle, hydrated ? undefined : 'UTC').format(new Date(value))}
    </time>
  );
}
