import { type SecretStorage, window } from 'vscode';
import { API_KEY_SECRET } from './modelAccess';

/*
 * The model endpoint's API key lives in the editor's SecretStorage (the OS keychain), never in a
 * settings file or a log: it is read when a benchmark request is sent and travels in that request only.
 */

/**
 * "ghost-lint: Set Model API Key": stores the key given (a keybinding, a task or a test may pass it),
 * or asks for it in a password box.
 */
export async function setModelApiKey(secrets: SecretStorage, given?: string): Promise<boolean> {
  const key =
    typeof given === 'string' && given.trim() !== ''
      ? given
      : await window.showInputBox({
          title: 'ghost-lint: model API key',
          prompt: 'The key for the endpoint in ghostLint.model.baseUrl. It is kept in the editor\'s secret storage and sent only to that endpoint.',
          password: true,
          ignoreFocusOut: true,
          validateInput: (value) => (value.trim() === '' ? 'Enter a key, or press Escape to keep the current one.' : undefined),
        });
  if (key === undefined) return false;
  await secrets.store(API_KEY_SECRET, key.trim());
  void window.showInformationMessage('ghost-lint: the model API key is stored in the editor\'s secret storage.');
  return true;
}

/** "ghost-lint: Clear Model API Key". */
export async function clearModelApiKey(secrets: SecretStorage): Promise<void> {
  await secrets.delete(API_KEY_SECRET);
  void window.showInformationMessage('ghost-lint: the model API key is removed.');
}

/** The stored key; undefined when none is set (local servers need none). */
export async function modelApiKey(secrets: SecretStorage): Promise<string | undefined> {
  const key = await secrets.get(API_KEY_SECRET);
  return key === undefined || key === '' ? undefined : key;
}
