import { useId, useMemo, useState } from "react";
import { Trash2 } from "lucide-react";
import type { ShoppingItem } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Checkbox } from "@kim/ui/checkbox";
import { cn } from "@kim/ui/lib/utils";
import { amountText, groupByCategory, itemLabel, type ItemEntry } from "./shopping-items";
import { MemberName, MemberNamesProvider } from "../households/member-name";
import { useDeferredFirst } from "../../lib/deferred-first";

const NO_ITEMS: ShoppingItem[] = [];

interface ShoppingItemGroupsProps {
  items: ShoppingItem[];
  onCheck: (entry: ItemEntry, checked: boolean) => void;
  onRemove: (entry: ItemEntry) => void;
}

/** The list by store section. A checked item stays where it is, struck through: nothing moves under the finger. */
export function ShoppingItemGroups({ items, onCheck, onRemove }: ShoppingItemGroupsProps) {
  const shown = useDeferredFirst(items, NO_ITEMS);
  const groups = useMemo(() => groupByCategory(shown), [shown]);
  const id = useId();
  return (
    <MemberNamesProvider>
      <div className="grid gap-6">
        {groups.map(({ category, entries }) => (
          <section key={category} aria-labelledby={`${id}-${category}`} data-testid="shopping-group">
            <h3 id={`${id}-${category}`} className="px-1 pb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {category}
            </h3>
            <ul className="divide-y rounded-lg border">
              {entries.map((entry) => (
                // The place in the list and the name: a row keeps its element while it is checked or unchecked.
                <ItemRow key={`${entry.index}:${entry.item.name}`} entry={entry} onCheck={onCheck} onRemove={onRemove} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </MemberNamesProvider>
  );
}

function ItemRow({ entry, onCheck, onRemove }: { entry: ItemEntry } & Pick<ShoppingItemGroupsProps, "onCheck" | "onRemove">) {
  const { item } = entry;
  // The list cache tells the page about a change a tick later; the box turns at once, as a native one would. Each
  // new item object (the change shown, undone, or saved) brings the box back to what the list says.
  const [checked, setBoxChecked] = useState(item.checked);
  const [shownItem, setShownItem] = useState(item);
  if (shownItem !== item) {
    setShownItem(item);
    setBoxChecked(item.checked);
  }
  const amount = amountText(item);
  const label = itemLabel(item);
  return (
    <li className="flex items-center gap-1 pr-1" data-testid="shopping-item" data-checked={checked}>
      {/* The whole row's text toggles the box: an easy target with a thumb in a shop. */}
      <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 py-3 pl-4">
        <Checkbox
          checked={checked}
          aria-label={label}
          onChange={(e) => {
            setBoxChecked(e.target.checked);
            onCheck(entry, e.target.checked);
          }}
        />
        <span className={cn("min-w-0 flex-1 break-words", checked && "text-muted-foreground line-through")}>{item.name}</span>
        <MemberName id={item.changedBy} />
        {amount ? (
          <span className={cn("shrink-0 text-sm text-muted-foreground tabular-nums", checked && "line-through")}>{amount}</span>
        ) : null}
      </label>
      <Button
        variant="ghost"
        size="icon"
        data-remove-item
        aria-label={`Remove ${label}`}
        className="text-muted-foreground hover:text-destructive"
        onClick={() => onRemove(entry)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
