export declare const chromePath: string
export declare function chromiumLaunchOptions(): { executablePath: string; args: string[] }
