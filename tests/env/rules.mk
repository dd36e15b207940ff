# tests/env/run.sh: the emulator's environment variables, bad and good values.
ENV_WRAPPER := $(BUILD)/tests/env-tests
ALL_TARGETS += $(ENV_WRAPPER)
TEST_CMDS   += $(ENV_WRAPPER)

$(ENV_WRAPPER): tests/env/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/tests/env/run.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@
