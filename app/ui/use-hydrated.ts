import { useEffect, useState } from "react";

let hydrated = false;

/** false during the server render and the first client render, true once JS runs. */
export function useHydrated() {
  const [isHydrated, setIsHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setIsHydrated(true);
  }, []);
  return isHydrated;
}
