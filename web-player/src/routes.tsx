// The player remote's route tree. The shell adds the layout and the logged-in guard.

import type { RemoteRoute } from '@bet/web-shell/core';
import { type ComponentType, lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { ChatWidget } from './ai/ChatWidget';
import { wireWallet } from './lib/wallet';
import { wireMyPromotions } from './promo/mine';
import { wireSlipOdds } from './slip/store';
import './styles.css';

wireWallet();
wireMyPromotions();
wireSlipOdds();

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

export const routes: RemoteRoute[] = [
  { path: '/', Component: page(() => import(/* webpackChunkName: "home" */ './pages/Home')) },
  {
    path: '/match/:id',
    Component: page(() => import(/* webpackChunkName: "match" */ './match/MatchPage')),
  },
  { path: '/live', Component: page(() => import(/* webpackChunkName: "live" */ './pages/Live')) },
  { path: '/aviator', Component: page(() => import(/* webpackChunkName: "aviator" */ './pages/Aviator')) },
  {
    path: '/aviator/fair',
    Component: page(() => import(/* webpackChunkName: "aviator-fair" */ './pages/AviatorFair')),
  },
  { path: '/login', Component: page(() => import(/* webpackChunkName: "login" */ './pages/Login')) },
  { path: '/register', Component: page(() => import(/* webpackChunkName: "register" */ './pages/Register')) },
  {
    path: '/forgot-password',
    Component: page(() => import(/* webpackChunkName: "forgot" */ './pages/ForgotPassword')),
  },
  {
    path: '/reset-password/:token',
    Component: page(() => import(/* webpackChunkName: "reset" */ './pages/ResetPassword')),
  },
  {
    path: '/promotions',
    Component: page(() => import(/* webpackChunkName: "promotions" */ './pages/Promotions')),
  },
  { path: '/terms', Component: page(() => import(/* webpackChunkName: "terms" */ './pages/Terms')) },
  { path: '/support', Component: page(() => import(/* webpackChunkName: "support" */ './pages/Support')) },
  {
    path: '/leaderboards',
    Component: page(() => import(/* webpackChunkName: "leaderboards" */ './pages/Leaderboards')),
  },
  {
    path: '/slip/:shareId',
    Component: page(() => import(/* webpackChunkName: "shared-slip" */ './pages/SharedSlip')),
  },
  {
    path: '/social-auth-success',
    layout: 'bare',
    Component: page(() => import(/* webpackChunkName: "social-auth" */ './pages/SocialAuthSuccess')),
  },
  {
    path: '/profile',
    access: 'auth',
    Component: page(() => import(/* webpackChunkName: "profile" */ './pages/Profile')),
  },
  {
    path: '/wallet',
    access: 'auth',
    Component: page(() => import(/* webpackChunkName: "wallet" */ './pages/Wallet')),
  },
  {
    path: '/my-bets',
    access: 'auth',
    Component: page(() => import(/* webpackChunkName: "my-bets" */ './pages/MyBets')),
  },
  {
    path: '/assistant',
    access: 'auth',
    Component: page(() => import(/* webpackChunkName: "assistant" */ './ai/Assistant')),
  },
  {
    path: '/settings',
    access: 'auth',
    Component: page(() => import(/* webpackChunkName: "settings" */ './pages/Settings')),
  },
];

/**
 * What the player remote puts over every page of the site layout (the shell renders it after
 * the page): the floating AI chat, which the spec places in the shell, on every page but
 * /assistant, which is the same conversation full-page (a launcher there would only cover its
 * Send button).
 */
export function Overlay() {
  const { pathname } = useLocation();
  if (pathname === '/assistant') return null;
  return <ChatWidget />;
}
