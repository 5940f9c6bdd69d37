// Project Portal on Azure, provisioned by `teamsapp provision` (teamsapp.yml → arm/deploy):
// App Service (Linux, Node 24) running the bundle that `teamsapp deploy` uploads, PostgreSQL flexible
// server, Blob Storage, Key Vault (RBAC) for the secrets, Log Analytics + Application Insights.
// The outputs are written to env/.env.<env> by arm/deploy (https://aka.ms/teamsfx-actions/arm-deploy):
// never output a secret here.

@maxLength(20)
@minLength(4)
@description('Used to generate names for all resources in this file (lower-case letters and digits)')
param resourceBaseName string

@description('Region of every resource (default: the resource group\'s)')
param location string = resourceGroup().location

@description('App Service plan SKU (Linux). Basic or above (Always On, health check); P0v3 or above in production')
param webAppSku string = 'B1'

@minValue(1)
@maxValue(30)
@description('Instances of the portal server (replicas behind the App Service load balancer, no sticky sessions)')
param webAppInstanceCount int = 1

@description('Microsoft Entra app (client) id, from aadApp/create (AAD_APP_CLIENT_ID)')
param aadAppClientId string

@description('Microsoft Entra tenant id, from aadApp/create (AAD_APP_TENANT_ID)')
param aadAppTenantId string

@description('The message extension bot\'s app id, from botAadApp/create (BOT_ID): the audience of the Bot Framework tokens of POST /api/messages; empty: the endpoint is off (404)')
param botId string = ''

@description('The Teams app\'s id, from teamsApp/create (TEAMS_APP_ID): deep links in notifications and cards')
param teamsAppId string = ''

@secure()
@description('Optional: a client secret of the Entra app (SECRET_GRAPH_CLIENT_SECRET): turns on Teams activity-feed notifications through Microsoft Graph (TeamsActivity.Send, admin consent); empty: e-mail only')
param graphClientSecret string = ''

@description('PostgreSQL administrator login (the portal connects with it)')
param postgresAdminLogin string = 'portaladmin'

@secure()
@minLength(12)
@description('PostgreSQL administrator password (SECRET_POSTGRES_ADMIN_PASSWORD in env/.env.<env>.user)')
param postgresAdminPassword string

@description('PostgreSQL compute SKU')
param postgresSkuName string = 'Standard_B1ms'

@allowed([
  'Burstable'
  'GeneralPurpose'
  'MemoryOptimized'
])
@description('PostgreSQL compute tier (must match postgresSkuName)')
param postgresSkuTier string = 'Burstable'

@description('PostgreSQL storage in GiB')
param postgresStorageSizeGB int = 32

@secure()
@minLength(32)
@description('HS256 secret of the portal token, the same on every replica (SECRET_PORTAL_JWT_SECRET in env/.env.<env>.user)')
param portalJwtSecret string

@secure()
@description('Optional: smtp(s)://user:pass@host:587 to deliver the mail outbox (empty: mail stays in the outbox table)')
param smtpUrl string = ''

@description('Optional: the sender of the portal\'s mail (MAIL_FROM)')
param mailFrom string = ''

@description('Optional: the Knowledge Management mailbox (KM_EMAIL)')
param kmEmail string = ''

@description('The first administrator (PORTAL_ADMIN_EMAIL): made an active professional with Admin while nobody holds Admin')
param portalAdminEmail string

@secure()
@description('Optional: a provisioning secret for Entra ID (SCIM_BEARER_TOKEN, at least 32 characters), accepted beside the tokens the People screen creates')
param scimBearerToken string = ''

@description('Optional: the sign-in token\'s app roles set the scopes (AUTH_ROLES_FROM_TOKEN), for tenants that do not provision')
param authRolesFromToken bool = false

@description('Optional: a tenant member who signs in and is not yet a professional becomes one (PEOPLE_JUST_IN_TIME)')
param peopleJustInTime bool = false

var baseName = toLower(resourceBaseName)
var alnumName = replace(replace(baseName, '-', ''), '_', '')
var serverfarmsName = baseName
var webAppName = baseName
var postgresServerName = '${baseName}-pg'
var postgresDatabaseName = 'portal'
var storageAccountName = take('${alnumName}st', 24)
var blobContainerName = 'portal-files'
var keyVaultName = take('kv-${baseName}', 24)
var logAnalyticsName = '${baseName}-logs'
var appInsightsName = '${baseName}-ai'
// Built-in role "Key Vault Secrets User": read secret contents (Key Vault references of App Service)
var keyVaultSecretsUserRoleId = '4633458b-17de-408a-b874-0445c86b69e6'

// ---- monitoring ----

resource logAnalytics 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: logAnalyticsName
  location: location
  properties: {
    sku: {
      name: 'PerGB2018'
    }
    retentionInDays: 30
  }
}

resource appInsights 'Microsoft.Insights/components@2020-02-02' = {
  name: appInsightsName
  location: location
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: logAnalytics.id
  }
}

// ---- data: PostgreSQL and Blob Storage ----

resource postgres 'Microsoft.DBforPostgreSQL/flexibleServers@2024-08-01' = {
  name: postgresServerName
  location: location
  sku: {
    name: postgresSkuName
    tier: postgresSkuTier
  }
  properties: {
    version: '16'
    administratorLogin: postgresAdminLogin
    administratorLoginPassword: postgresAdminPassword
    authConfig: {
      activeDirectoryAuth: 'Disabled'
      passwordAuth: 'Enabled'
    }
    storage: {
      storageSizeGB: postgresStorageSizeGB
      autoGrow: 'Enabled'
    }
    backup: {
      backupRetentionDays: 7
      geoRedundantBackup: 'Disabled'
    }
    highAvailability: {
      mode: 'Disabled'
    }
    network: {
      publicNetworkAccess: 'Enabled'
    }
  }
}

// The server's child resources one after the other: the flexible server refuses concurrent updates.
resource postgresDatabase 'Microsoft.DBforPostgreSQL/flexibleServers/databases@2024-08-01' = {
  parent: postgres
  name: postgresDatabaseName
  properties: {
    charset: 'UTF8'
    collation: 'en_US.utf8'
  }
}

// 0.0.0.0–0.0.0.0: connections from Azure services (the Web App's outbound addresses)
resource postgresAllowAzure 'Microsoft.DBforPostgreSQL/flexibleServers/firewallRules@2024-08-01' = {
  parent: postgres
  name: 'AllowAllAzureServicesAndResourcesWithinAzureIps'
  properties: {
    startIpAddress: '0.0.0.0'
    endIpAddress: '0.0.0.0'
  }
  dependsOn: [
    postgresDatabase
  ]
}

// TLS required (the server's default, stated); the portal connects with sslmode=verify-full
resource postgresRequireTls 'Microsoft.DBforPostgreSQL/flexibleServers/configurations@2024-08-01' = {
  parent: postgres
  name: 'require_secure_transport'
  properties: {
    value: 'on'
    source: 'user-override'
  }
  dependsOn: [
    postgresAllowAzure
  ]
}

resource storage 'Microsoft.Storage/storageAccounts@2023-05-01' = {
  name: storageAccountName
  location: location
  kind: 'StorageV2'
  sku: {
    name: 'Standard_LRS'
  }
  properties: {
    accessTier: 'Hot'
    supportsHttpsTrafficOnly: true
    minimumTlsVersion: 'TLS1_2'
    allowBlobPublicAccess: false
    // the portal uses a connection string (account key), kept in Key Vault
    allowSharedKeyAccess: true
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2023-05-01' = {
  parent: storage
  name: 'default'
}

resource blobContainer 'Microsoft.Storage/storageAccounts/blobServices/containers@2023-05-01' = {
  parent: blobService
  name: blobContainerName
  properties: {
    publicAccess: 'None'
  }
}

// ---- secrets: Key Vault (RBAC), read by the Web App's managed identity ----

resource keyVault 'Microsoft.KeyVault/vaults@2023-07-01' = {
  name: keyVaultName
  location: location
  properties: {
    tenantId: subscription().tenantId
    sku: {
      family: 'A'
      name: 'standard'
    }
    enableRbacAuthorization: true
    enableSoftDelete: true
    softDeleteRetentionInDays: 7
    publicNetworkAccess: 'Enabled'
  }
}

resource databaseUrlSecret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'database-url'
  properties: {
    value: 'postgres://${postgresAdminLogin}:${uriComponent(postgresAdminPassword)}@${postgres.properties.fullyQualifiedDomainName}:5432/${postgresDatabaseName}?sslmode=verify-full'
  }
}

resource storageConnectionStringSecret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'storage-connection-string'
  properties: {
    value: 'DefaultEndpointsProtocol=https;AccountName=${storage.name};AccountKey=${storage.listKeys().keys[0].value};EndpointSuffix=${environment().suffixes.storage}'
  }
}

resource jwtSecret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'portal-jwt-secret'
  properties: {
    value: portalJwtSecret
  }
}

resource graphClientSecretSecret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(graphClientSecret)) {
  parent: keyVault
  name: 'graph-client-secret'
  properties: {
    value: graphClientSecret
  }
}

resource scimBearerTokenSecret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(scimBearerToken)) {
  parent: keyVault
  name: 'scim-bearer-token'
  properties: {
    value: scimBearerToken
  }
}

resource smtpUrlSecret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(smtpUrl)) {
  parent: keyVault
  name: 'smtp-url'
  properties: {
    value: smtpUrl
  }
}

// ---- the portal: App Service plan (Linux) + Web App (Node 24) ----

resource serverfarm 'Microsoft.Web/serverfarms@2023-12-01' = {
  name: serverfarmsName
  location: location
  kind: 'linux'
  sku: {
    name: webAppSku
    capacity: webAppInstanceCount
  }
  properties: {
    reserved: true // Linux
  }
}

resource webApp 'Microsoft.Web/sites@2023-12-01' = {
  name: webAppName
  location: location
  kind: 'app,linux'
  identity: {
    type: 'SystemAssigned'
  }
  properties: {
    serverFarmId: serverfarm.id
    httpsOnly: true
    clientAffinityEnabled: false // no sticky sessions: any replica serves any request
    siteConfig: {
      linuxFxVersion: 'NODE|24-lts'
      appCommandLine: 'node dist/server/main.js'
      alwaysOn: true
      healthCheckPath: '/ready'
      http20Enabled: true
      minTlsVersion: '1.2'
      ftpsState: 'Disabled'
    }
  }
}

resource webAppSecretsUser 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: keyVault
  name: guid(keyVault.id, webApp.id, keyVaultSecretsUserRoleId)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', keyVaultSecretsUserRoleId)
    principalId: webApp.identity.principalId
    principalType: 'ServicePrincipal'
  }
}

var publicUrl = 'https://${webApp.properties.defaultHostName}'

// Written with the syntax of the Bicep CLI that teamsapp.yml pins (bicepCliVersion v0.9.1): no
// user-defined functions, no multi-line function calls, no single-line objects.
var appSettings = {
  // the uploaded folder is the built bundle: no build on the server, run it from the zip
  SCM_DO_BUILD_DURING_DEPLOYMENT: 'false'
  WEBSITE_RUN_FROM_PACKAGE: '1'
  NODE_ENV: 'production'
  HOST: '0.0.0.0' // App Service sets PORT
  PUBLIC_URL: publicUrl
  TRUST_PROXY: 'true'
  // writable (the zip is mounted read-only) and shared by the instances; what the replicas must agree
  // on (jobs, mail, files, keys) lives in PostgreSQL and Blob Storage
  DATA_DIR: '/home/portal-data'
  // a firm's portal gets no DEMO-DATA people (the default without the development identity provider)
  SEED_DEMO: 'false'
  PORTAL_ADMIN_EMAIL: portalAdminEmail
  AUTH_ROLES_FROM_TOKEN: string(authRolesFromToken)
  PEOPLE_JUST_IN_TIME: string(peopleJustInTime)
  AUTH_TENANT_ID: aadAppTenantId
  AUTH_CLIENT_ID: aadAppClientId
  // the bot endpoint (its tenant: AUTH_TENANT_ID); empty counts as unset
  BOT_ID: botId
  TEAMS_APP_ID: teamsAppId
  DATABASE_URL: '@Microsoft.KeyVault(SecretUri=${databaseUrlSecret.properties.secretUri})'
  FILE_STORE: 'azure'
  AZURE_STORAGE_CONNECTION_STRING: '@Microsoft.KeyVault(SecretUri=${storageConnectionStringSecret.properties.secretUri})'
  AZURE_STORAGE_CONTAINER: blobContainerName
  PORTAL_JWT_SECRET: '@Microsoft.KeyVault(SecretUri=${jwtSecret.properties.secretUri})'
  APPLICATIONINSIGHTS_CONNECTION_STRING: appInsights.properties.ConnectionString
  OTEL_SERVICE_NAME: 'project-portal'
  LOG_LEVEL: 'info'
}
var smtpSetting = {
  SMTP_URL: '@Microsoft.KeyVault(SecretUri=${keyVault.properties.vaultUri}secrets/smtp-url)'
}
var graphSetting = {
  GRAPH_CLIENT_SECRET: '@Microsoft.KeyVault(SecretUri=${keyVault.properties.vaultUri}secrets/graph-client-secret)'
}
var scimSetting = {
  SCIM_BEARER_TOKEN: '@Microsoft.KeyVault(SecretUri=${keyVault.properties.vaultUri}secrets/scim-bearer-token)'
}
var mailFromSetting = {
  MAIL_FROM: mailFrom
}
var kmEmailSetting = {
  KM_EMAIL: kmEmail
}

// Set after the role assignment: App Service resolves the Key Vault references with the app's identity
// (each restart resolves them again, such as the one every zip deploy makes).
resource webAppSettings 'Microsoft.Web/sites/config@2023-12-01' = {
  parent: webApp
  name: 'appsettings'
  properties: union(appSettings, empty(smtpUrl) ? {} : smtpSetting, empty(graphClientSecret) ? {} : graphSetting, empty(mailFrom) ? {} : mailFromSetting, empty(kmEmail) ? {} : kmEmailSetting, empty(scimBearerToken) ? {} : scimSetting)
  dependsOn: [
    webAppSecretsUser
    smtpUrlSecret
    scimBearerTokenSecret
    graphClientSecretSecret
    blobContainer
    postgresRequireTls
  ]
}

// Container output kept on the instance's file system too, for `az webapp log tail` (after the settings:
// the site accepts one configuration change at a time)
resource webAppLogs 'Microsoft.Web/sites/config@2023-12-01' = {
  parent: webApp
  name: 'logs'
  properties: {
    httpLogs: {
      fileSystem: {
        enabled: true
        retentionInDays: 3
        retentionInMb: 35
      }
    }
  }
  dependsOn: [
    webAppSettings
  ]
}

// stdout/stderr (pino), HTTP and platform logs of the Web App → Log Analytics
resource webAppDiagnostics 'Microsoft.Insights/diagnosticSettings@2021-05-01-preview' = {
  scope: webApp
  name: 'portal-logs'
  properties: {
    workspaceId: logAnalytics.id
    logs: [
      {
        category: 'AppServiceConsoleLogs'
        enabled: true
      }
      {
        category: 'AppServiceHTTPLogs'
        enabled: true
      }
      {
        category: 'AppServicePlatformLogs'
        enabled: true
      }
    ]
    metrics: [
      {
        category: 'AllMetrics'
        enabled: true
      }
    ]
  }
}

// The output will be persisted in .env.{envName}. Visit https://aka.ms/teamsfx-actions/arm-deploy for more details.
output TAB_AZURE_APP_SERVICE_RESOURCE_ID string = webApp.id // used by azureAppService/zipDeploy
output TAB_DOMAIN string = webApp.properties.defaultHostName
output TAB_ENDPOINT string = publicUrl
output AZURE_WEB_APP_NAME string = webApp.name
output AZURE_POSTGRES_SERVER_NAME string = postgres.name
output AZURE_POSTGRES_HOST string = postgres.properties.fullyQualifiedDomainName
output AZURE_STORAGE_ACCOUNT_NAME string = storage.name
output AZURE_KEY_VAULT_NAME string = keyVault.name
output AZURE_APP_INSIGHTS_NAME string = appInsights.name
output AZURE_LOG_ANALYTICS_WORKSPACE_NAME string = logAnalytics.name
