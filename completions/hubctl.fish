function __hubctl_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __hubctl_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __hubctl_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __hubctl_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __hubctl_parse_tokens -S
    set -l unparsed_tokens (__hubctl_tokens -pc)
    switch $unparsed_tokens[1]
    case 'hubctl'
        __hubctl_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'register'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'device-type=' 'device-model=' 'set=+' 'save-credentials' 'force' 'version' 'h/help'
        case 'unregister'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'appcid=' 'version' 'h/help'
        case 'settings'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'get'
                __hubctl_parse_subcommand -r 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'set'
                __hubctl_parse_subcommand -r 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            end
        case 'acp'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'check'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'dest=' 'version' 'h/help'
            case 'fetch'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'dest=' 'force' 'no-sync' 'max-bytes=' 'max-entries=' 'max-path-bytes=' 'version' 'h/help'
            end
        case 'vault'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'init'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'set'
                __hubctl_parse_subcommand 2 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'show'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'list'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'delete'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'rekey'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'new-passphrase-file=' 'version' 'h/help'
            case 'import-cert'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'delete-cert'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            end
        case 'plist'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'validate'
                __hubctl_parse_subcommand -r 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'strict' 'version' 'h/help'
            end
        case 'status'
            __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
        case 'config'
            __hubctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'set'
                __hubctl_parse_subcommand 2 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'unset'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'get'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'list'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'use'
                __hubctl_parse_subcommand 1 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            case 'path'
                __hubctl_parse_subcommand 0 'server=' 'plist=' 'app-id=' 'profile=' 'user=' 'password-stdin' 'cert=' 'key=' 'pkcs12=' 'cert-provider=' 'cacert=' 'insecure' 'api-version=' 'home=' 'timeout=' 'deadline=' 'no-input' 'anonymous' 'verbose' 'vault-passphrase-file=' 'error-format=' 'version' 'h/help'
            end
        case 'completion'
            __hubctl_parse_subcommand 1 'version' 'h/help'
        case 'help'
            __hubctl_parse_subcommand -r 1 'version' 'h/help'
        case 'help'
            __hubctl_parse_subcommand -r 1 'version'
        end
    end
end

function __hubctl_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __hubctl_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __hubctl_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __hubctl_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__hubctl_tokens -p)
    if test -z "$(__hubctl_tokens -t)"
        set -l index (count (__hubctl_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'hubctl' -f
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'register' -d 'Create an application connection (idempotent) and print its settings.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'unregister' -d 'Delete the application connection on the server and forget it locally.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'settings' -d 'Read or update the application connection\'s settings.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'acp' -d 'Check for and fetch Application Configuration Profiles (customization bundles).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'vault' -d 'The local encrypted secure store (scrypt + AES-256-GCM, one file under --home).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'plist' -d 'Work with clienthub.plist files.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'status' -d 'Show what hubctl knows: profile, server, registrations, vault, ACP.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'config' -d 'Read and change the profiles of the configuration file.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'completion' -d 'Print the completion script for bash, zsh or fish.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'help' -d 'Show the help of a command, or a topic: exit-codes, environment.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion register -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" device-type' -l 'device-type' -d 'DeviceType to register (default: Linux).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" device-model' -l 'device-model' -d 'DeviceModel to register (default: hubctl).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register"' -l 'set' -d 'A writable property to set at registration (repeatable).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" save-credentials' -l 'save-credentials' -d 'Keep the credentials that worked in the vault.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" force' -l 'force' -d 'Delete the recorded connection (if any) and create a new one.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl register" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion unregister -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" appcid' -l 'appcid' -d 'Delete this connection id instead of the recorded one.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl unregister" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl settings" -eq 1' -fa 'get' -d 'Print all settings, or only the named properties.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl settings" -eq 1' -fa 'set' -d 'Update writable settings and print the settings as the server has them.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion settings get -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion settings set -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl settings set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl acp" -eq 1' -fa 'check' -d 'Is a newer Application Configuration Profile assigned than the one fetched last?'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl acp" -eq 1' -fa 'fetch' -d 'Download the assigned profile, verify it, extract it safely and switch DIR/current to it.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion acp check -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" dest' -l 'dest' -d 'Profile directory; DIR/current is the profile in use. Without it: the profile\'s acp-dest (HUBCTL_ACP_DEST), else where the last fetch for this server and application went, else $HUBCTL_HOME/acp/<appId>.' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion acp fetch -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" dest' -l 'dest' -d 'Profile directory; DIR/current is the profile in use. Without it: the profile\'s acp-dest (HUBCTL_ACP_DEST), else where the last fetch for this server and application went, else $HUBCTL_HOME/acp/<appId>.' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" force' -l 'force' -d 'Download and install even when the assigned profile is already current.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" no-sync' -l 'no-sync' -d 'Do not flush the new profile to disk before switching to it (faster on busy disks; a power loss right after the switch could leave it incomplete; kill -9 safety is unaffected).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" max-bytes' -l 'max-bytes' -d 'Largest total uncompressed size accepted (default 1 GiB).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" max-entries' -l 'max-entries' -d 'Most archive entries accepted (default 100000).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" max-path-bytes' -l 'max-path-bytes' -d 'Longest entry path accepted, in bytes (default 4096).' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl acp fetch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'init' -d 'Create an empty vault.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'set' -d 'Store a value under a key (creates the vault when there is none).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'show' -d 'Print a stored value.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'list' -d 'List the stored keys (never the values).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'delete' -d 'Remove a key and its value.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'rekey' -d 'Change the vault\'s passphrase (or key).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'import-cert' -d 'Store a client certificate and its key in the vault, for --cert-provider vault.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault" -eq 1' -fa 'delete-cert' -d 'Remove the client certificate stored by `vault import-cert`.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault init -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault set -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault show -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault show" -eq 1' -fka '(__hubctl_custom_completion ---completion vault show -- positional@0 (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault list -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault delete -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl vault delete" -eq 1' -fka '(__hubctl_custom_completion ---completion vault delete -- positional@0 (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault rekey -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" new-passphrase-file' -l 'new-passphrase-file' -d 'File whose first line is the new passphrase.' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault rekey" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault import-cert -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault import-cert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion vault delete-cert -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl vault delete-cert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl plist" -eq 1' -fa 'validate' -d 'Validate clienthub.plist files (XML or binary).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion plist validate -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" strict' -l 'strict' -d 'Treat warnings (unknown keys) as errors.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl plist validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion status -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config" -eq 1' -fa 'set' -d 'Set one setting of a profile (created when missing).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config" -eq 1' -fa 'unset' -d 'Remove one setting from a profile.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config" -eq 1' -fa 'get' -d 'Print one setting of a profile as the file has it.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config" -eq 1' -fa 'list' -d 'Print every profile, the default profile and the one in force.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config" -eq 1' -fa 'use' -d 'Choose the profile used when neither --profile nor HUBCTL_PROFILE names one.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config" -eq 1' -fa 'path' -d 'Print where the configuration file is, and whether it exists.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion config set -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config set" -eq 1' -fka 'server plist app-id user security-configuration domain user-creation-policy share-credentials anonymous cert key pkcs12 cert-provider cacert api-version timeout deadline acp-dest'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion config unset -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config unset" -eq 1' -fka 'server plist app-id user security-configuration domain user-creation-policy share-credentials anonymous cert key pkcs12 cert-provider cacert api-version timeout deadline acp-dest'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config unset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion config get -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config get" -eq 1' -fka 'server plist app-id user security-configuration domain user-creation-policy share-credentials anonymous cert key pkcs12 cert-provider cacert api-version timeout deadline acp-dest'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion config list -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion config use -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl config use" -eq 1' -fka '(__hubctl_custom_completion ---completion config use -- positional@0 (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config use" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" server' -l 'server' -d 'Server base URL, scheme://host:port[/path-prefix]. (env HUBCTL_SERVER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" plist' -l 'plist' -d 'clienthub.plist to take connection settings from. (env HUBCTL_PLIST)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" app-id' -l 'app-id' -d 'Application id, e.g. com.acme.field. (env HUBCTL_APP_ID)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" profile' -l 'profile' -d 'Profile in the configuration file. (env HUBCTL_PROFILE; default: default)' -rfka '(__hubctl_custom_completion ---completion config path -- --profile (count (__hubctl_tokens -pc)) (__hubctl_tokens -tC))'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" user' -l 'user' -d 'Back-end user. (env HUBCTL_USER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" password-stdin' -l 'password-stdin' -d 'Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" cert' -l 'cert' -d 'Client certificate, PEM. (env HUBCTL_CERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" key' -l 'key' -d 'Client private key, PEM. (env HUBCTL_KEY)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" pkcs12' -l 'pkcs12' -d 'Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE. (env HUBCTL_PKCS12)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" cert-provider' -l 'cert-provider' -d 'Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault. (env HUBCTL_CERT_PROVIDER)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" cacert' -l 'cacert' -d 'CA bundle to trust for the server. (env HUBCTL_CACERT)' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" insecure' -l 'insecure' -d 'Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" api-version' -l 'api-version' -d 'latest (falls back to v1 on 404) or a pinned v1…v4. (env HUBCTL_API_VERSION; default: latest)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" home' -l 'home' -d 'Where the vault and state live. (env HUBCTL_HOME; default: ${XDG_DATA_HOME:-~/.local/share}/hubctl)' -rfa '(__hubctl_complete_directories)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" timeout' -l 'timeout' -d 'Per-request time limit in seconds (each attempt). (env HUBCTL_TIMEOUT; default: 30)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" deadline' -l 'deadline' -d 'Overall time limit of a command in seconds: every request, retry, wait and download ends within it. (env HUBCTL_DEADLINE; default: 120)' -rfka ''
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" no-input' -l 'no-input' -d 'Never prompt; implied when stdin is not a terminal. (env HUBCTL_NO_INPUT=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" anonymous' -l 'anonymous' -d 'The application allows anonymous connections: use its public/ path. (env HUBCTL_ANONYMOUS=1)'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" verbose' -l 'verbose' -d 'Log one line per request on stderr, secrets redacted.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" vault-passphrase-file' -l 'vault-passphrase-file' -d 'File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).' -rF
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" error-format' -l 'error-format' -d 'How errors are written on stderr: text (a line and a hint) or json (the error document). (env HUBCTL_ERROR_FORMAT; default: text on a terminal, else json)' -rfka 'text json'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl config path" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl completion" -eq 1' -fka 'bash zsh fish'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl completion" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl completion" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_positional "hubctl help" -ge 1' -fka 'environment exit-codes register unregister settings acp vault plist status config completion help'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl help" version' -l 'version' -d 'Show the version.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl help" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'hubctl' -n '__hubctl_should_offer_completions_for_flags_or_options "hubctl help" version' -l 'version' -d 'Show the version.'
