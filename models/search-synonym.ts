import { Model } from 'objection';

/** A group of equivalent search terms (search_synonyms), managed by administrators. */
export class SearchSynonym extends Model {
  static override tableName = 'searchSynonyms';
  static override jsonAttributes = ['terms'];
  id!: number;
  terms!: string[];
  createdAt!: Date;
}
