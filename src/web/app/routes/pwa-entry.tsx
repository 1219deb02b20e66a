import { PWA_KEYS, pathOutsidePwa } from '@shared/rules/pwa';
import { writeStored } from '@web/lib/storage';
import { Navigate, useLocation } from 'react-router';

/**
 * /pwa/… is how an installed app can say it is one (listener spec §4, PWA mode by a path under /pwa/):
 * the session is marked as PWA mode and the page is the same address without the prefix.
 */
export function PwaEntryRoute() {
  const { pathname, search, hash } = useLocation();
  writeStored('session', PWA_KEYS.mode, 'true');
  return <Navigate replace to={`${pathOutsidePwa(pathname)}${search}${hash}`} />;
}
