import { performance } from 'node:perf_hooks';
import type { Interaction } from 'discord.js';
import type { FeatureDeps } from '../deps.js';
import { errorBoundary, summary } from '../error-boundary.js';
import { onAutocomplete } from './autocomplete.js';
import { onButton } from './buttons.js';
import { onSlashCommand } from './slash-commands.js';

/** Every kind of interaction to its handler, all inside the one error boundary. */
export function handleInteraction(deps: FeatureDeps): (interaction: Interaction) => Promise<void> {
  const guarded = errorBoundary(deps);
  return async (interaction) => {
    const started = performance.now();
    await guarded(interaction, async () => {
      if (interaction.isChatInputCommand()) return onSlashCommand(interaction, deps);
      if (interaction.isAutocomplete()) return onAutocomplete(interaction, deps);
      if (interaction.isButton()) return onButton(interaction, deps);
      // Menus, modals and context commands: the bot registers none, so none is expected.
      deps.logger.debug({ interaction: summary(interaction) }, 'interaction of a kind the bot does not use');
    });
    deps.logger.debug({ interaction: summary(interaction), ms: Math.round(performance.now() - started) }, 'interaction answered');
  };
}
