// The balance store lives in the shell's core (the header shows it too); the player pages keep
// importing it from here.
export { startWallet as wireWallet, useWallet } from '@bet/web-shell/core';
