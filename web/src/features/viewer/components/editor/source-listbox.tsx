import { datasourceTypeById } from '@geows/contract';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { type KeyboardEvent, useRef, useState } from 'react';

type Source = { id: number; name: string; type: number };

/** Where a key moves the focus in a list of `count` options; undefined for keys the list leaves alone. */
export function nextOption(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * The data sources to choose from, as one tab stop (a listbox with a roving tabindex):
 * the arrow keys, Home and End move among them, Enter or Space chooses. Tab goes on to
 * the dialog's next field instead of through every source.
 */
export function SourceListbox({
  sources,
  chosen,
  onChoose,
  label,
}: {
  sources: readonly Source[];
  chosen: number | undefined;
  onChoose: (source: Source) => void;
  label: string;
}) {
  const options = useRef<(HTMLElement | null)[]>([]);
  const [focused, setFocused] = useState<number | undefined>(undefined);
  const chosenIndex = sources.findIndex((source) => source.id === chosen);
  // The tab stop: the option last focused, else the chosen one, else the first.
  const stop = Math.min(focused ?? (chosenIndex >= 0 ? chosenIndex : 0), sources.length - 1);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextOption(event.key, stop, sources.length);
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
    options.current[next]?.focus();
  };

  return (
    <List
      component="div"
      role="listbox"
      aria-label={label}
      dense
      onKeyDown={onKeyDown}
      sx={{ maxHeight: 240, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {sources.map((source, index) => (
        <ListItemButton
          key={source.id}
          ref={(element) => {
            options.current[index] = element;
          }}
          role="option"
          aria-selected={source.id === chosen}
          selected={source.id === chosen}
          tabIndex={index === stop ? 0 : -1}
          onFocus={() => setFocused(index)}
          onClick={() => onChoose(source)}
        >
          <ListItemText primary={source.name} secondary={datasourceTypeById(source.type)?.name} />
        </ListItemButton>
      ))}
    </List>
  );
}
