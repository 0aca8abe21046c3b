/**
 * The part of the `chrome` extension API this extension uses, typed here rather than through a
 * types package: the modules take it as a parameter, so the unit and end-to-end tests hand them a
 * fake (tests/support/fake-chrome.ts) of exactly this shape.
 */

export interface StorageArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface AuthChrome {
  identity: {
    /** `https://{id}.chromiumapp.org/{path}`, the address `launchWebAuthFlow` captures. */
    getRedirectURL(path?: string): string;
    /** Opens `url` in a browser window and answers the address it was finally sent to. */
    launchWebAuthFlow(details: { url: string; interactive: boolean }): Promise<string | undefined>;
  };
  storage: {
    /** In memory, gone when the browser closes; only the extension's own pages and worker read it. */
    session: StorageArea;
    /** On disk, kept across restarts. */
    local: StorageArea;
  };
}

export interface WorkerChrome extends AuthChrome {
  runtime: {
    onMessage: {
      addListener(listener: (message: unknown, sender: unknown, sendResponse: (answer: unknown) => void) => boolean | undefined): void;
    };
  };
}

export interface PopupChrome {
  i18n: {
    getMessage(name: string, substitutions?: string[]): string;
    getUILanguage(): string;
  };
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  tabs: { create(properties: { url: string }): Promise<unknown> };
}
