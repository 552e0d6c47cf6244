/** Every command of the CLI, one file per group. */
import type { Command } from 'commander';
import type { EnvFactory } from '../command-env.ts';
import { registerDbCommands } from './db.command.ts';
import { registerProcessCommands } from './process.command.ts';
import { registerJobsCommands } from './jobs.command.ts';
import { registerAdminCommands } from './admin.command.ts';
import { registerRecruteursCommands } from './recruteurs.command.ts';
import { registerSectorsCommands } from './sectors.command.ts';
import { registerLevelsCommands } from './levels.command.ts';
import { registerDeliveriesCommands } from './deliveries.command.ts';
import { registerWebhooksCommands } from './webhooks.command.ts';
import { registerStatsCommands } from './stats.command.ts';
import { registerAlertsCommands } from './alerts.command.ts';
import { registerVivierCommands } from './vivier.command.ts';
import { registerSearchCommands } from './search.command.ts';
import { registerCandidatsCommands } from './candidats.command.ts';
import { registerPrivacyCommands } from './privacy.command.ts';
import { registerCompletionCommand } from './completion.command.ts';
import { registerStorageCommands } from './storage.command.ts';
import { registerCacheCommands } from './cache.command.ts';
import { registerSmsCommands } from './sms.command.ts';
import { registerModerationCommands } from './moderation.command.ts';
import { registerIntegrationsCommands } from './integrations.command.ts';
import { registerRecommendationsCommands } from './recommendations.command.ts';

export function registerCommands(program: Command, env: EnvFactory): void {
  registerDbCommands(program, env);
  registerProcessCommands(program, env);
  registerJobsCommands(program, env);
  registerAdminCommands(program, env);
  registerRecruteursCommands(program, env);
  registerSectorsCommands(program, env);
  registerLevelsCommands(program, env);
  registerDeliveriesCommands(program, env);
  registerWebhooksCommands(program, env);
  registerStatsCommands(program, env);
  registerAlertsCommands(program, env);
  registerVivierCommands(program, env);
  registerSearchCommands(program, env);
  registerCandidatsCommands(program, env);
  registerPrivacyCommands(program, env);
  registerStorageCommands(program, env);
  registerCacheCommands(program, env);
  registerSmsCommands(program, env);
  registerModerationCommands(program, env);
  registerIntegrationsCommands(program, env);
  registerRecommendationsCommands(program, env);
  // Last: its script is generated from every command registered before it.
  registerCompletionCommand(program);
}
