import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from '../../src/ui/Pager';

afterEach(cleanup);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Pager', () => {
  it('says "Showing page X of Y" and marks the current page', () => {
    render(<Pager page={5} pageCount={10} onPageChange={() => {}} />);
    expect(screen.getByText('Showing page 5 of 10')).toBeTruthy();
    expect(button('Page 5').getAttribute('aria-current')).toBe('page');
    expect(button('Page 4').hasAttribute('aria-current')).toBe(false);
    const visible = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(visible).toEqual(['1', '4', '5', '6', '10']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  it('disables first and Previous on the first page', () => {
    render(<Pager page={1} pageCount={3} onPageChange={() => {}} />);
    expect(button('First page').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(button('Last page').disabled).toBe(false);
  });

  it('disables Next and last on the last page', () => {
    render(<Pager page={3} pageCount={3} onPageChange={() => {}} />);
    expect(button('Next').disabled).toBe(true);
    expect(button('Last page').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);
    expect(button('First page').disabled).toBe(false);
  });

  it('disables everything but shows page 1 of 1 for a single page', () => {
    render(<Pager page={1} pageCount={0} onPageChange={() => {}} />);
    expect(screen.getByText('Showing page 1 of 1')).toBeTruthy();
    for (const name of ['First page', 'Previous', 'Next', 'Last page']) expect(button(name).disabled).toBe(true);
  });

  it('asks for the right page from every button', () => {
    const onPageChange = vi.fn();
    render(<Pager page={5} pageCount={10} onPageChange={onPageChange} />);
    fireEvent.click(button('First page'));
    fireEvent.click(button('Previous'));
    fireEvent.click(button('Next'));
    fireEvent.click(button('Last page'));
    fireEvent.click(button('Page 6'));
    fireEvent.click(button('Page 5'));
    expect(onPageChange.mock.calls.map((c) => c[0])).toEqual([1, 4, 6, 10, 6]);
  });

  it('shows an extra summary such as the filtered count', () => {
    render(<Pager page={1} pageCount={2} onPageChange={() => {}} summary="14 matching leads" />);
    expect(screen.getByText(/14 matching leads/)).toBeTruthy();
  });
});
