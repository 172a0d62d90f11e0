// The trusted-proxy walk lives in the kit: every service's server reads the caller's address
// the same way (req.ip), and identity's throttle keeps calling it by these names.
export { clientIp, isLoopback, trustedProxies } from '@bet/kit';
