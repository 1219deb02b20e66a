import { createContext, useContext } from 'react';

/** True when the address fell to a splat route: the 404 page, or /pwa/* (set by AppRoutes). */
export const RouteMatchContext = createContext(false);

export const useIsSplatMatch = () => useContext(RouteMatchContext);
