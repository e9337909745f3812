import { TriangleAlert } from "lucide-react";
import { expiringSoonBadge, formatAmount } from "@kim/domain";
import { Badge } from "@kim/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";

/** One entry of inventory.summary's expiringSoon. */
interface ExpiringItem {
  id: string;
  name: string;
  quantity: number;
  unit: string;
  days: number;
}

export function ExpiringSoonPanel({ items }: { items: ExpiringItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <TriangleAlert className="size-5 text-destructive" aria-hidden="true" />
            Expiring Soon
          </h2>
        </CardTitle>
        <CardDescription>Use these ingredients before they go to waste</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Expiring soon">
          {items.map((item) => {
            const badge = expiringSoonBadge(item.days);
            return (
              <li key={item.id} data-testid="expiring-item" className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="truncate font-medium">{item.name}</p>
                  <p className="text-sm text-muted-foreground">{formatAmount(item.quantity, item.unit)}</p>
                </div>
                <Badge variant={badge.variant}>{badge.label}</Badge>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
