"use client";

import type { ReactNode } from "react";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { SortableRow } from "./field-row";

/**
 * The designer's drag and drop (dnd-kit). It comes with the designer's code, which loads after the page (an island):
 * not part of the page's first load, and the rows are drawn sortable from the start.
 */
export function SortableFields({
  id,
  items,
  onDragEnd,
  accessibility,
  children,
}: {
  id: string;
  items: string[];
  onDragEnd: (event: DragEndEvent) => void;
  accessibility: { screenReaderInstructions: ScreenReaderInstructions; announcements: Announcements };
  children: ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  return (
    <DndContext id={id} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One sortable row: dnd-kit's refs, position and handle for the row that `children` draws. */
export function SortableItem({ id, children }: { id: string; children: (sortable: SortableRow) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return children({
    setNodeRef,
    style: { transform: CSS.Transform.toString(transform), transition },
    isDragging,
    handle: { ref: setActivatorNodeRef, ...attributes, ...listeners },
  });
}
