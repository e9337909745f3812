import { Link, useLocation } from "@tanstack/react-router";
import { BarChart3, Bug, CalendarDays, ChefHat, Download, Home, LogOut, Package, ShieldCheck, ShoppingCart } from "lucide-react";
import { Badge } from "@kim/ui/badge";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from "@kim/ui/sidebar";
import { displayName, type CurrentUser } from "../lib/current-user";
import { useInstallOffer } from "../lib/offline/install";
import { useLogout } from "../lib/use-logout";
import { Brand } from "./brand";
import { UserAvatar } from "./user-avatar";

const MAIN_LINKS = [
  { to: "/", label: "Home", icon: Home },
  { to: "/inventory", label: "Inventory", icon: Package },
  { to: "/recipes", label: "Recipes", icon: ChefHat },
  { to: "/meal-planner", label: "Meal Planner", icon: CalendarDays },
  { to: "/shopping-list", label: "Shopping List", icon: ShoppingCart },
  { to: "/insights", label: "Insights", icon: BarChart3 },
  { to: "/bug-report", label: "Report Bug", icon: Bug },
] as const;

function isActivePath(pathname: string, to: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

export function AppSidebar({ user }: { user: CurrentUser }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const { logout, isPending: loggingOut } = useLogout();
  // The mobile panel covers the page, so close it once a link is chosen.
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar collapsible="icon" mobileTitle="Navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="KIM">
              <Link to="/" onClick={closeOnMobile} aria-label="KIM home">
                <Brand />
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>

      <SidebarContent>
        <nav aria-label="Main">
          <SidebarGroup>
            <SidebarGroupLabel>Menu</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {MAIN_LINKS.map(({ to, label, icon: Icon }) => {
                  const active = isActivePath(pathname, to);
                  return (
                    <SidebarMenuItem key={to}>
                      <SidebarMenuButton asChild isActive={active} tooltip={label}>
                        <Link to={to} onClick={closeOnMobile} aria-current={active ? "page" : undefined}>
                          <Icon aria-hidden="true" />
                          <span>{label}</span>
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>

          {user.isAdmin ? (
            <SidebarGroup>
              <SidebarGroupLabel>Administration</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu>
                  <SidebarMenuItem>
                    <SidebarMenuButton asChild isActive={isActivePath(pathname, "/admin")} tooltip="Admin Dashboard">
                      <Link to="/admin" onClick={closeOnMobile}>
                        <ShieldCheck aria-hidden="true" />
                        <span>Admin Dashboard</span>
                      </Link>
                    </SidebarMenuButton>
                    <SidebarMenuBadge>
                      <Badge variant="secondary">Admin</Badge>
                    </SidebarMenuBadge>
                  </SidebarMenuItem>
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ) : null}
        </nav>
      </SidebarContent>

      <SidebarFooter>
        <SidebarMenu>
          <InstallMenuItem />
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" isActive={isActivePath(pathname, "/profile")} tooltip="Profile Settings">
              <Link to="/profile" onClick={closeOnMobile}>
                <UserAvatar name={user.profileImageUrl} />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">{displayName(user)}</span>
                  <span className="truncate text-xs text-muted-foreground">Profile Settings</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Log Out" disabled={loggingOut} onClick={() => void logout()}>
              <LogOut aria-hidden="true" />
              <span>Log Out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}

/**
 * "Install Kim", once the browser offers to install it. Its own component: the offer comes a moment after the page has
 * drawn, and only this item, not the whole menu, draws again for it.
 */
function InstallMenuItem() {
  const install = useInstallOffer();
  if (!install) return null;
  return (
    <SidebarMenuItem>
      <SidebarMenuButton tooltip="Install Kim" onClick={() => void install()}>
        <Download aria-hidden="true" />
        <span>Install Kim</span>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}
