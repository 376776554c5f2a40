/**
 * The leads search box. It keeps what is typed to itself and hands the text over 500 ms after the
 * last keystroke (docs/product/rules.md), so typing re-renders only the box, not the table.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { LEAD_SEARCH_DEBOUNCE_MS } from '../../contract';
import { TextField } from '../../ui';

export interface SearchBoxProps {
  /** Called with the text once typing pauses. */
  onSearch(text: string): void;
  label?: string;
}

/**
 * @example
 * <SearchBox onSearch={board.setActiveSearch} />
 */
export function SearchBox({ onSearch, label = 'Search leads' }: SearchBoxProps): ReactElement {
  const [text, setText] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => onSearch(text), LEAD_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <TextField
      label={label}
      hideLabel
      type="search"
      placeholder={label}
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
