import { Link } from "@tanstack/react-router";
import { CalendarDays, ChefHat, Plus, ShoppingCart } from "lucide-react";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";

const ACTIONS = [
  { label: "Add Ingredient", to: "/inventory", icon: Plus },
  { label: "Create Recipe", to: "/recipes", icon: ChefHat },
  { label: "Plan Meals", to: "/meal-planner", icon: CalendarDays },
  { label: "Shopping List", to: "/shopping-list", icon: ShoppingCart },
] as const;

export function QuickActionsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Quick Actions</h2>
        </CardTitle>
        <CardDescription>Jump right into what you need</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        {ACTIONS.map(({ label, to, icon: Icon }) => (
          <Button key={to} variant="outline" className="justify-start" asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
