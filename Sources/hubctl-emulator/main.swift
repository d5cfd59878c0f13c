print("hubctl-emulator")
