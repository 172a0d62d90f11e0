declare module 'player/routes' {
  import type { RemoteRoute } from '@bet/web-shell/core';
  export const routes: RemoteRoute[];
}

declare module 'admin/routes' {
  import type { ComponentType } from 'react';

  const AdminRoutes: ComponentType;
  export default AdminRoutes;
}

declare module '*.css';
