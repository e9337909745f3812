import { useEffect, useState } from "react";
import { keepPreviousData } from "@tanstack/react-query";
import { UserPlus, Users } from "lucide-react";
import { ADMIN_PAGE_SIZE } from "@kim/domain";
import { Button } from "@kim/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@kim/ui/card";
import { Skeleton } from "@kim/ui/skeleton";
import { LazyConfirmDeleteDialog, preloadConfirmDelete } from "../../components/lazy-confirm-delete-dialog";
import { SearchInput } from "../../components/search-input";
import { useCurrentUser } from "../../lib/current-user";
import { useDeferredFirst } from "../../lib/deferred-first";
import { errorMessage } from "../../lib/form";
import { lazyDialog } from "../../lib/lazy-dialog";
import { trpc } from "../../lib/trpc";
import { Pager } from "./pager";
import type { AdminMutations, AdminUser } from "./use-admin";
import { UserRow } from "./user-row";

// The dialogs load when first wanted, with the dialog library, not with the list: pointing at or focusing what opens
// one starts its download.
const loadCreateUser = () => import("./create-user-dialog");
const CreateUserDialog = lazyDialog(
  () => loadCreateUser().then((m) => m.CreateUserDialog),
  (props) => props.open,
);
const loadEditEmail = () => import("./edit-email-dialog");
const EditEmailDialog = lazyDialog(
  () => loadEditEmail().then((m) => m.EditEmailDialog),
  (props) => props.user !== null,
);
const preloadCreateUser = () => void loadCreateUser();
const preloadRowDialogs = () => void Promise.all([loadEditEmail(), preloadConfirmDelete()]);

/** Typing pauses this long before the server is asked, so a word typed is one request, not one per letter. */
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function UserManagementCard({ mutations }: { mutations: AdminMutations }) {
  const { data: self } = useCurrentUser();
  const [search, setSearch] = useState("");
  // The page belongs to the search it was chosen in: a new search starts at its first page.
  const [paging, setPaging] = useState({ query: "", page: 1 });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const page = paging.query === query ? paging.page : 1;
  const setPage = (next: number) => setPaging({ query, page: next });
  // The server searches and pages: thousands of users never travel to the browser at once.
  const users = trpc.admin.users.useQuery(
    { search: query || undefined, page, pageSize: ADMIN_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  // The first page of rows draws in a background render: twenty-five rows at once were a long task on a phone.
  const shown = useDeferredFirst(users.data, undefined);

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 className="flex items-center gap-2 text-lg">
              <Users className="size-5" aria-hidden="true" />
              User Management
            </h2>
          </CardTitle>
          <CardDescription>Create users, change their access and roles</CardDescription>
        </div>
        <Button
          onClick={() => setCreating(true)}
          onPointerEnter={preloadCreateUser}
          onFocus={preloadCreateUser}
          className="w-full sm:w-fit"
        >
          <UserPlus aria-hidden="true" />
          Add New User
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SearchInput
          aria-label="Search users"
          placeholder="Search by email or name..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {/* A refetch that failed leaves the rows it had on screen, under the message. */}
        {users.isError ? (
          <p role="alert" className="text-destructive">
            Could not load the users: {errorMessage(users.error, "Please try again.")}
          </p>
        ) : null}
        {shown === undefined ? (
          users.isError ? null : (
            <div className="grid gap-3" aria-busy="true" aria-label="Loading users">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-20 rounded-lg" />
              ))}
            </div>
          )
        ) : shown.total === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No users found</p>
        ) : (
          // A page emptied by deletions still shows the pager, so Previous leads back to the users.
          <>
            <ul
              aria-label="Users"
              aria-busy={users.isFetching}
              className="grid gap-3"
              onPointerOver={preloadRowDialogs}
              onFocus={preloadRowDialogs}
            >
              {shown.items.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isSelf={user.id === self?.id}
                  mutations={mutations}
                  onEditEmail={setEditing}
                  onDelete={setDeleting}
                />
              ))}
            </ul>
            <Pager
              page={shown.page}
              pageSize={shown.pageSize}
              total={shown.total}
              totalIsExact={shown.totalIsExact}
              noun="users"
              onPage={setPage}
            />
          </>
        )}
      </CardContent>
      <CreateUserDialog open={creating} onOpenChange={setCreating} createUser={mutations.createUser} />
      <EditEmailDialog user={editing} setEmail={mutations.setEmail} onOpenChange={(open) => !open && setEditing(null)} />
      <LazyConfirmDeleteDialog
        item={deleting}
        title="Are you sure you want to delete this user?"
        describe={(u) => `${u.email} and all their ingredients, recipes, plans and lists will be deleted. This cannot be undone.`}
        pending={mutations.deleteUser.isPending}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={(u) => mutations.deleteUser.mutate({ id: u.id }, { onSuccess: () => setDeleting(null) })}
      />
    </Card>
  );
}
