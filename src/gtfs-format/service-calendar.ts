import type { CsvRecord } from './csv.js';
import { dateKey, weekday, type LocalDate } from './local-date.js';

// Which service_ids run on a date: calendar.txt's weekly pattern within its date range, then
// calendar_dates.txt's exceptions (1 adds the service that day, 2 removes it).

const DAY_COLUMNS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

interface WeeklyService {
  days: boolean[];
  start: string;
  end: string;
}

export class ServiceCalendar {
  private readonly weekly = new Map<string, WeeklyService>();
  private readonly exceptions = new Map<string, Map<string, number>>();

  constructor(calendar: CsvRecord[], calendarDates: CsvRecord[]) {
    for (const row of calendar) {
      this.weekly.set(row.service_id ?? '', {
        days: DAY_COLUMNS.map((day) => row[day] === '1'),
        start: row.start_date ?? '',
        end: row.end_date ?? '',
      });
    }
    for (const row of calendarDates) {
      const date = row.date ?? '';
      const byService = this.exceptions.get(date) ?? new Map<string, number>();
      byService.set(row.service_id ?? '', Number(row.exception_type));
      this.exceptions.set(date, byService);
    }
  }

  private readonly memo = new Map<string, ReadonlySet<string>>();

  activeOn(date: LocalDate): ReadonlySet<string> {
    const key = dateKey(date);
    let active = this.memo.get(key);
    if (active === undefined) {
      if (this.memo.size >= 1000) this.memo.clear();
      active = this.compute(date, key);
      this.memo.set(key, active);
    }
    return active;
  }

  private compute(date: LocalDate, key: string): Set<string> {
    const active = new Set<string>();
    for (const [serviceId, service] of this.weekly) {
      if (service.days[weekday(date)] && key >= service.start && key <= service.end) active.add(serviceId);
    }
    for (const [serviceId, type] of this.exceptions.get(key) ?? []) {
      if (type === 1) active.add(serviceId);
      if (type === 2) active.delete(serviceId);
    }
    return active;
  }
}
