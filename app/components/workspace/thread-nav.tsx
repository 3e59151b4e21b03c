import { createContext, useContext, type ReactNode } from "react";

/**
 * The Pod's thread list, handed by the workspace frame (which has the threads) to the thread
 * screen, which shows it in its files pane.
 */
export const ThreadNavContext = createContext<ReactNode>(null);

export const useThreadNav = () => useContext(ThreadNavContext);
