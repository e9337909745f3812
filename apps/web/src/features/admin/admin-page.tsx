import { useEffect } from "react";
import { useNavigate } from "@tanstack/react-router";
import { AlertTriangle, Bug, Users } from "lucide-react";
import { Card } from "@kim/ui/card";
import { toast } from "@kim/ui/lib/use-toast";
import { Skeleton } from "@kim/ui/skeleton";
import { useCurrentUser } from "../../lib/current-user";
import { trpc } from "../../lib/trpc";
import { BugReportsCard } from "./bug-reports-card";
import { useAdminMutations } from "./use-admin";
import { UserManagementCard } from "./user-management-card";

/** Spec section 9: the access-denied redirect waits this long, so the toast is seen. */
const ACCESS_DENIED_REDIRECT_MS = 500;

export function AdminPage() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const denied = !!user && !user.isAdmin;

  useEffect(() => {
    if (!denied) return;
    toast({ title: "Access Denied", description: "You don't have permission to access this page.", variant: "destructive" });
    const timer = setTimeout(() => void navigate({ to: "/" }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);

  // Rendered empty for everyone else; the server refuses them anyway.
  if (!user?.isAdmin) return null;
  return <AdminDashboard />;
}

function AdminDashboard() {
  const mutations = useAdminMutations();
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="mt-2 text-muted-foreground">Manage users and bug reports</p>
      </div>
      <SummaryCards />
      <UserManagementCard mutations={mutations} />
      <BugReportsCard mutations={mutations} />
    </div>
  );
}

function SummaryCards() {
  const summary = trpc.admin.summary.useQuery();
  const cards = [
    { title: "Total Users", value: summary.data?.totalUsers, icon: Users },
    { title: "Open Bug Reports", value: summary.data?.openBugReports, icon: Bug },
    { title: "High Priority", value: summary.data?.highPriority, icon: AlertTriangle },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {cards.map(({ title, value, icon: Icon }) => (
        <Card key={title} data-testid="summary-card" className="gap-2 p-4 sm:p-5">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
            <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          </div>
          {value === undefined ? (
            <Skeleton className="h-8 w-12" />
          ) : (
            <p data-testid="summary-value" className="text-3xl font-bold">
              {value.toLocaleString("en-US")}
            </p>
          )}
        </Card>
      ))}
    </div>
  );
}
