/** Path parameter schemas: the domain's (the endpoint table uses them; routes still outside it import them here). */
export { IdParam, IdParams, ProjectIdParams, SmallParam } from '@domain/contract/params';
