import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatementDownload } from './statement-download.tsx';

// 23:30 UTC is already the next day in Lagos
const NOW = new Date('2025-03-31T23:30:00Z');

function link() {
  return screen.queryByRole('link', { name: 'Download statement (CSV)' });
}

describe('statement download', () => {
  it('offers the last 30 Lagos days by default, as a download from the server', () => {
    render(<StatementDownload now={NOW} />);
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2025-03-03');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2025-04-01');
    expect(link()?.getAttribute('href')).toBe('/api/v1/statement.csv?from=2025-03-03&to=2025-04-01');
    expect(link()?.hasAttribute('download')).toBe(true);
  });

  it('follows the chosen period, and says why a period cannot be downloaded', () => {
    render(<StatementDownload now={NOW} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-31' } });
    expect(link()?.getAttribute('href')).toBe('/api/v1/statement.csv?from=2025-01-01&to=2025-01-31');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-10' } });
    expect(screen.getByRole('alert').textContent).toBe('The first date must be on or before the last date.');
    expect(link()).toBeNull();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2023-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Choose at most 366 days.');
    expect(link()).toBeNull();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Choose both dates.');
  });
});
