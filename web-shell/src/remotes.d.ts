declare module 'player/routes' {
  import type { RemoteRoute } from '@bet/web-shell/core';
  export const routes: RemoteRoute[];
  /** rendered over every page of the site layout (the floating chat) */
  export const Overlay: import('react').ComponentType | undefined;
}

declare module 'admin/routes' {
  import type { ComponentType } from 'react';

  const AdminRoutes: ComponentType;
  export default AdminRoutes;
}

declare module '*.css';
