import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  Text,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { endProviderSession } from '../session/sign-in-modes';
import { useApi, useMe, useSession } from './session';
import { LoadingState } from './states';

/** The local dev-bypass: every request acts as one configured person; there is no session to end. */
const DEV_BYPASS = 'dev_bypass';

interface NavItem {
  to: string;
  label: string;
  adminOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/connections', label: 'Connections' },
  { to: '/suites', label: 'Suites' },
  { to: '/runs', label: 'Runs' },
  { to: '/pipelines', label: 'Pipelines' },
  { to: '/incidents', label: 'Incidents' },
  { to: '/me', label: 'Me' },
  { to: '/admin', label: 'Admin', adminOnly: true },
];

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

function ColorSchemeToggle(): ReactNode {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Switch to ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      <span aria-hidden="true">{computed === 'dark' ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}

/** The signed-in frame: header, navigation (Admin for admins only) and the page. */
export function Shell(): ReactNode {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const me = useMe().data;
  const api = useApi();
  const session = useSession();
  const logout = useMutation({
    // Both sessions end: the gateway's (email code) and the web host's (identity provider).
    mutationFn: async () => {
      const [, provider] = await Promise.allSettled([api.logout(), endProviderSession()]);
      return provider.status === 'fulfilled' ? provider.value : null;
    },
    onSettled: (providerLogout) => {
      session.signedOut();
      // Then out at the identity provider too, which sends the browser back to the sign-in page.
      if (providerLogout) window.location.assign(providerLogout);
    },
  });
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || me?.is_workspace_admin === true);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Title order={2} size="h4">
              Data quality
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" data-testid="signed-in-as">
              {me?.display_name}
            </Text>
            <ColorSchemeToggle />
            {me?.credential === DEV_BYPASS ? (
              <Badge variant="light" color="orange">
                Local dev sign-in
              </Badge>
            ) : (
              <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
                Sign out
              </Button>
            )}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={RouterLink}
            to={item.to}
            label={item.label}
            active={isActive(pathname, item.to)}
            variant="filled"
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<LoadingState label="Loading page" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
