// Restoration: which constraints govern a call (the editor's view), and STAR-Guard's restoration of them into a resumed task's prompt.
export * from './callRestoration';
export * from './promptRestoration';
export * from './promptRestorationModel';
