import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import type { Playlist } from '@shared/schemas/playlist';
import { TrackRow } from '@web/components/track/track-row';
import { IconButton } from '@web/components/ui/icon-button';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { cn } from '@web/lib/cn';
import { GripVertical, Trash2 } from 'lucide-react';
import type { ReactNode, TouchEventHandler } from 'react';
import { PlayFromHereButton } from './playlist-hero';

type Item = Playlist['items'][number];

/** A touch starts a drag after a 250 ms long press (listener spec §4 Playlist reorder, §9). */
export const LONG_PRESS_MS = 250;

interface SortableTrackListProps {
  playlist: Playlist;
  onMove: (activeId: number, overId: number) => void;
  onRemove: (item: Item) => void;
}

/**
 * The owner's track list: drag a row by its handle with the mouse, or press a row for 250 ms on a touch
 * screen (the phone vibrates) and move it; the arrow keys move a focused handle.
 */
export function SortableTrackList({ playlist, onMove, onRemove }: SortableTrackListProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: LONG_PRESS_MS, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const currentId = usePlayerValue((s) => (s.playlist?.id === playlist.id ? (s.track?.id ?? null) : null));

  const onDragStart = ({ activatorEvent }: DragStartEvent) => {
    if (typeof TouchEvent !== 'undefined' && activatorEvent instanceof TouchEvent) navigator.vibrate?.(30);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(Number(active.id), Number(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: PLAYLISTS_TEXT.sortableTrackList.screenReaderInstructionsDraggable },
      }}
    >
      <SortableContext items={playlist.items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className="space-y-1" data-testid="sortable-tracks">
          {playlist.items.map((item, index) => (
            <SortableRow key={item.id} item={item}>
              {(handle) => (
                <TrackRow
                  track={item.track}
                  dense
                  current={item.track.id === currentId}
                  leading={handle}
                  trailing={
                    <div className="flex shrink-0 items-center">
                      <PlayFromHereButton playlist={playlist} index={index} />
                      <IconButton
                        icon={Trash2}
                        tone="danger"
                        iconSize="size-[1.125rem]"
                        label={PLAYLISTS_TEXT.sortableTrackList.removeFromPlaylistLabel(item.track.title)}
                        onClick={() => onRemove(item)}
                        data-testid="remove-from-playlist"
                      />
                    </div>
                  }
                />
              )}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ item, children }: { item: Item; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={PLAYLISTS_TEXT.sortableRow.dragHandleLabel(item.track.title)}
      className="inline-flex h-11 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-surface-2 active:cursor-grabbing"
      data-testid="drag-handle"
    >
      <GripVertical aria-hidden="true" className="size-5" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      // A long press anywhere on the row starts the drag on a touch screen, not only on the handle.
      onTouchStart={listeners?.onTouchStart as TouchEventHandler<HTMLLIElement> | undefined}
      className={cn(
        'relative select-none rounded-2xl bg-bg [-webkit-touch-callout:none]',
        isDragging && 'z-10 shadow-card ring-2 ring-accent/40',
      )}
      data-testid="playlist-item"
      data-item-id={item.id}
      data-track-id={item.track.id}
      data-dragging={isDragging ? 'true' : undefined}
    >
      {children(handle)}
    </li>
  );
}
