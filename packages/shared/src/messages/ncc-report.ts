import { formatCalendarDate } from '../format.ts';
import { PRODUCT_NAME } from '../services.ts';

/** The daily service report's words: its mail to the admins and its page. */
export const nccReportTexts = {
  title: 'Daily service report',
  /** a row of an outage that stopped a service whichever provider sold it */
  allProviders: 'All providers',
  mailSubject: (date: string) => `${PRODUCT_NAME} daily service report for ${formatCalendarDate(date)}`,
  mailBody: (date: string, link: string, csv: string) =>
    [
      `The daily service report for ${formatCalendarDate(date)} (Lagos time) is below as CSV: copy it into a spreadsheet, or download it from the back office:`,
      link,
      '',
      csv,
    ].join('\n'),
  futureDate: 'Choose today or an earlier day.',
} as const;
